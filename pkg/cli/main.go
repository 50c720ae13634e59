package cli

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/capirepo/capirepo/pkg/install"
)

// Main runs the command line as the capirepo process does, with its environment:
// the first SIGINT or SIGTERM cancels the run, which ends with exit 130 whatever it
// was waiting for (a lock, the network, a child process); a second one ends the
// process at once.
func Main(args []string, stdout, stderr io.Writer) int {
	if os.Getenv(install.ChildEnv) == "1" { // verify --install's child, in its network namespace
		return install.Child(os.Stdin, stdout, stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // the next signal is the system's again: it ends the process
	}()
	return Run(ctx, args, processEnv(stdout, stderr)) // the process's environment and standard input
}
