package cli

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/backend/oci"
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
		for _, v := range r.OperatorView(ctx, t.Label) {
			failed = failed || !v.OK
			switch {
			case v.Line != "" && format == "text":
				fmt.Fprintf(io.out, "operator %s:%s: %s\n", t.Label, v.Version, v.Line)
			case !v.OK:
				io.logf("operator %s:%s: %s", t.Label, v.Version, v.Line) // JSON: say why it fails
			}
		}
	}
	return failed
}
