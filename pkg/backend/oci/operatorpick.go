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
	return match(files, typ, name, version)
}

// OperatorLine words OperatorPick for one version, as verify prints it, and false
// when the operator would find nothing. A version verify cannot read (ErrUnread) or a
// tag that is no version gives "" and true: verify reports those on its own.
func (r *Reader) OperatorLine(ctx context.Context, label, version string) (string, bool) {
	if !layout.IsVersion(version) {
		return "", true
	}
	f, err := r.OperatorPick(ctx, label, version)
	switch {
	case errors.Is(err, ErrUnread):
		return "", true
	case err != nil:
		return "error: " + err.Error(), false
	}
	return fmt.Sprintf("metadata from %s, components from %s", f.Metadata, f.Components), true
}

// OperatorVersion is OperatorLine's verdict on one version.
type OperatorVersion struct {
	Version string
	Line    string // "" when verify reports the version on its own
	OK      bool   // false when the operator would find nothing
}

// OperatorView gives OperatorLine for every version of the artifact, or nothing when
// the versions cannot be listed (verify reports that on its own).
func (r *Reader) OperatorView(ctx context.Context, label string) []OperatorVersion {
	versions, err := r.Versions(ctx)
	if err != nil {
		return nil
	}
	out := make([]OperatorVersion, 0, len(versions))
	for _, v := range versions {
		line, ok := r.OperatorLine(ctx, label, v)
		out = append(out, OperatorVersion{Version: v, Line: line, OK: ok})
	}
	return out
}
