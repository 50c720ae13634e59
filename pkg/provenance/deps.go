package provenance

import (
	"sort"

	intoto "github.com/in-toto/attestation/go/v1"
	"google.golang.org/protobuf/types/known/structpb"
)

// dependencies lists the source checkout, then the pinned remote resources and the
// images, each group sorted by URI.
func dependencies(in Inputs) []*intoto.ResourceDescriptor {
	var out []*intoto.ResourceDescriptor
	if in.Source.Commit != "" || in.Source.Remote != "" {
		d := &intoto.ResourceDescriptor{Name: "source", Uri: gitURI(in.Source.Remote)}
		if in.Source.Commit != "" {
			d.Digest = map[string]string{"gitCommit": in.Source.Commit}
		}
		if in.Source.Dirty { // built with --allow-dirty: not the commit alone
			d.Annotations, _ = structpb.NewStruct(map[string]any{"uncommittedChanges": true, "uncommittedChangesSha256": in.Source.Diff})
		}
		out = append(out, d)
	}
	out = append(out, pinned(in.Remote)...)
	return append(out, pinned(in.Images)...)
}

// gitURI is the SLSA form of a git remote ("git+https://host/repo").
func gitURI(remote string) string {
	if remote == "" {
		return ""
	}
	return "git+" + remote
}

func pinned(ps []Pinned) []*intoto.ResourceDescriptor {
	var out []*intoto.ResourceDescriptor
	for _, p := range ps {
		d := &intoto.ResourceDescriptor{Uri: p.URI}
		if p.SHA256 != "" {
			d.Digest = map[string]string{"sha256": p.SHA256}
		}
		out = append(out, d)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Uri < out[j].Uri })
	return out
}
