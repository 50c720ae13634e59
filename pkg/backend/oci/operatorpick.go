package oci

import (
	"context"
	"errors"
	"fmt"

	"github.com/capirepo/capirepo/pkg/layout"
)

// ErrUnread marks an OperatorPick that could not read the version at all (verify
// reports the read failure on its own).
var ErrUnread = errors.New("reading the artifact")

// OperatorPick is what the cluster-api-operator takes from one version of the
// provider label's artifact: the layers its file rules pick (Match) among the
// artifact's titles. A version the operator would find nothing in is Match's error.
func (r *Reader) OperatorPick(ctx context.Context, label, version string) (Found, error) {
	titles, err := r.Files(ctx, version)
	if err != nil {
		return Found{}, fmt.Errorf("%w: %w", ErrUnread, err)
	}
	files := map[string][]byte{}
	for _, t := range titles {
		files[t] = nil
	}
	typ, name := layout.ParseLabel(label)
	return Match(files, typ, name, version)
}
