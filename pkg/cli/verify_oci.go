package cli

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/repository"
)

// operatorView reports, for oci:// targets, which layers the cluster-api-operator takes
// for each version (its own file rules), and whether it would find none for some version.
// Text prints every version's pick; JSON leaves stdout to the report and names the
// versions the operator could not read on stderr. Both fail when it would not find its files.
func operatorView(ctx context.Context, io streams, format string, targets []repository.Repository) bool {
	failed := false
	for _, t := range targets {
		r, ok := t.(*oci.Reader)
		if !ok {
			continue
		}
		label := r.Info().Label
		for _, v := range r.OperatorView(ctx, label) {
			failed = failed || !v.OK
			switch {
			case v.Line != "" && format == "text":
				fmt.Fprintf(io.out, "operator %s:%s: %s\n", label, v.Version, v.Line)
			case !v.OK:
				io.logf("operator %s:%s: %s", label, v.Version, v.Line) // JSON: say why it fails
			}
		}
	}
	return failed
}
