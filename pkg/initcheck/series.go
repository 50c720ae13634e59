package initcheck

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/metadata"
	"github.com/capirepo/capirepo/pkg/scaffold"
)

// checkSeries disputes a metadata.yaml whose series miss the newest release tag's
// minor (v0.2.0 tagged, only 0.1 written): build would refuse every next version.
func checkSeries(ctx context.Context, plan *scaffold.Plan, co checkout) {
	tag, err := co.newestTag(ctx)
	if err != nil {
		return
	}
	for _, pr := range plan.Providers {
		if pr.Metadata == "" {
			continue
		}
		data, err := fsx.ReadCapped(filepath.Join(plan.Root, filepath.FromSlash(pr.Metadata)), scaffold.MaxRead)
		if err != nil {
			continue
		}
		m, err := metadata.ParseLenient(pr.Metadata, data)
		if err != nil || slices.ContainsFunc(m.ReleaseSeries, func(s metadata.Series) bool {
			return uint64(s.Major) == tag.Major() && uint64(s.Minor) == tag.Minor()
		}) {
			continue
		}
		pr.Dispute("metadata", fmt.Sprintf("the checkout's newest release tag is %s, and %s has no %d.%d series: build refuses its next version until the series is added (capirepo metadata add-series)",
			tag, pr.Metadata, tag.Major(), tag.Minor()))
	}
}
