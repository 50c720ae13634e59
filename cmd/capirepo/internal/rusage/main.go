//go:build unix

// Command rusage runs a command and prints what it cost, for capirepo's process
// benchmarks: "WALL_NS CPU_NS MAXRSS_KB" on standard output (the command's own
// output is discarded, its standard error passed on; "-ok N" accepts exit code N). A process's peak memory
// counts the memory of the process that started it (Linux copies the high-water mark
// across exec), so the benchmark starts each measured process from this small one
// instead of from the test binary. It builds on unix systems only (syscall.Rusage);
// the benchmark that uses it runs on Linux.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	args, ok := os.Args[1:], 0 // "-ok N": exit code N is a success too (diff's 1)
	if len(args) > 2 && args[0] == "-ok" {
		if _, err := fmt.Sscan(args[1], &ok); err != nil {
			fmt.Fprintln(os.Stderr, "rusage: -ok wants an exit code")
			os.Exit(2)
		}
		args = args[2:]
	}
	if len(args) < 1 {
		fmt.Fprintln(os.Stderr, "usage: rusage [-ok CODE] COMMAND [ARG...]")
		os.Exit(2)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil && (ok == 0 || cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != ok) {
		fmt.Fprintln(os.Stderr, "rusage:", err)
		os.Exit(1)
	}
	wall := time.Since(start)
	st := cmd.ProcessState
	var maxRSS int64
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		maxRSS = ru.Maxrss
	}
	fmt.Println(wall.Nanoseconds(), (st.UserTime() + st.SystemTime()).Nanoseconds(), maxRSS)
}
