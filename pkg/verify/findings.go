package verify

import (
	"context"

	"github.com/capirepo/capirepo/pkg/lint"
)

// Findings reads one provider as Provider does and returns only what it found, sorted:
// the check mirror runs over the folder it wrote (an error finding there means
// clusterctl could not use it).
func Findings(ctx context.Context, src Source, label, componentsFile string, opts Options) (lint.Findings, error) {
	rep, err := Provider(ctx, src, label, componentsFile, opts)
	if err != nil {
		return nil, err
	}
	return rep.AllFindings(), nil
}
