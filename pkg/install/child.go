package install

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// ChildEnv marks the process Run starts: its main calls Child and exits.
const ChildEnv = "CAPIREPO_INSTALL_CHILD"

// Child is the install child's whole life: isolate the network, read the plan from
// stdin, install, write the result to stdout. SIGTERM stops the control plane.
func Child(stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var p Plan
	r := Result{}
	if err := json.NewDecoder(stdin).Decode(&p); err != nil {
		r.Error = "reading the install plan: " + err.Error()
	} else if err := isolateIf(p.Isolate); err != nil {
		r.Error, r.Class = err.Error(), "isolate"
	} else {
		r = Install(ctx, p, stderr)
	}
	if err := json.NewEncoder(stdout).Encode(r); err != nil {
		fmt.Fprintln(stderr, "install:", err)
		return 1
	}
	return 0
}

func isolateIf(required bool) error {
	if err := isolate(); err != nil && (required || Isolated) {
		return fmt.Errorf("no private network namespace: %w", err)
	}
	return nil
}
