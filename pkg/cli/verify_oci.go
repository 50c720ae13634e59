package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/source"
)

// operatorView reports, for oci:// targets, which layers the cluster-api-operator takes
// for each version (its own file rules), and whether it would find none for some version.
// Text prints every version's pick; JSON leaves stdout to the report and names the
// versions the operator could not read on stderr. Both fail when it would not find its files.
func operatorView(ctx context.Context, io streams, format string, targets []source.Provider) bool {
	failed := false
	for _, t := range targets {
		r, ok := t.Reader.(*oci.Reader)
		if !ok {
			continue
		}
		versions, err := r.Versions(ctx)
		if err != nil {
			continue // verify reported it
		}
		for _, v := range versions {
			line, ok := operatorLine(ctx, r, t.Label, v)
			failed = failed || !ok
			switch {
			case line != "" && format == "text":
				fmt.Fprintf(io.out, "operator %s:%s: %s\n", t.Label, v, line)
			case !ok:
				io.logf("operator %s:%s: %s", t.Label, v, line) // JSON: say why it fails
			}
		}
	}
	return failed
}

// operatorLine is what the operator takes from one version (oci.Reader.OperatorPick),
// and false when it finds nothing.
func operatorLine(ctx context.Context, r *oci.Reader, label, version string) (string, bool) {
	if !layout.IsVersion(version) {
		return "", true
	}
	f, err := r.OperatorPick(ctx, label, version)
	switch {
	case errors.Is(err, oci.ErrUnread):
		return "", true // verify reported it
	case err != nil:
		return "error: " + err.Error(), false
	}
	return fmt.Sprintf("metadata from %s, components from %s", f.Metadata, f.Components), true
}
