// Command capirepo builds, lints, publishes and mirrors clusterctl provider repositories.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/capirepo/capirepo/pkg/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop() // the first signal cancels the run (exit 130); a second one ends the process at once
	}()
	code := cli.Execute(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
