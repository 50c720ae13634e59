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
		versions, err := r.Versions(ctx)
		if err != nil {
			continue // verify reported it
		}
		for _, v := range versions {
			line, ok := r.OperatorLine(ctx, t.Label, v)
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
