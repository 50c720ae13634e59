package verify

import (
	"context"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/repository"
)

// Findings reads one provider as Provider does and returns only what it found, sorted:
// the check mirror runs over the folder it wrote (an error finding there means
// clusterctl could not use it).
func Findings(ctx context.Context, r repository.Repository, opts Options) (lint.Findings, error) {
	rep, err := Provider(ctx, r, opts)
	if err != nil {
		return nil, err
	}
	return rep.AllFindings(), nil
}
