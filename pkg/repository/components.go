package repository

import (
	"context"

	"github.com/capirepo/capirepo/pkg/layout"
)

// MainComponents is the components file of a provider whose URL does not name one (a
// folder of a local repository): the main components file of its newest version
// (layout.MainComponents), or the contract's name for the label's type.
func MainComponents(ctx context.Context, r Repository, label string) string {
	typ, _ := layout.ParseLabel(label)
	versions, _ := r.Versions(ctx)
	if sorted := layout.SortVersions(versions); len(sorted) > 0 {
		files, _ := r.Files(ctx, sorted[0].String())
		var comps []string
		for _, f := range files {
			if layout.FileKind(f) == layout.KindComponents {
				comps = append(comps, f)
			}
		}
		if c := layout.MainComponents(typ, comps); c != "" {
			return c
		}
	}
	return layout.ComponentsFile(typ)
}
