//go:build unix

// Command rusage runs a command and prints what it cost, for capirepo's process
// benchmarks: "WALL_NS CPU_NS MAXRSS_KB" on standard output (the command's own
// output is discarded, its standard error passed on). A process's peak memory
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
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: rusage COMMAND [ARG...]")
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stderr = os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
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
