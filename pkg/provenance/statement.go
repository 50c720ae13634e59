// Package provenance writes and reads the in-toto v1 Statement capirepo signs for one
// provider version: its subjects are every release file (name + sha256) and its
// predicate is SLSA provenance v1. The same inputs give byte-identical statements.
package provenance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	slsa "github.com/in-toto/attestation/go/predicates/provenance/v1"
	intoto "github.com/in-toto/attestation/go/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/structpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/capirepo/capirepo/pkg/release"
)

const (
	// PredicateType is SLSA provenance v1 (cosign's --type slsaprovenance1).
	PredicateType = "https://slsa.dev/provenance/v1"
	// BuildType names capirepo's build in the predicate.
	BuildType = "https://github.com/capirepo/capirepo/buildtypes/build/v1"
	// BuilderID is the builder's identity; the version is in builder.version.
	BuilderID = "https://github.com/capirepo/capirepo"
	// PayloadType is the DSSE payload type of an in-toto statement.
	PayloadType = "application/vnd.in-toto+json"
)

// Inputs is what the statement records besides the release files.
type Inputs struct {
	BuilderVersion string    // capirepo's version, e.g. "v0.4.0" or "dev"
	ConfigPath     string    // the configuration file, relative to the checkout's root (Checkout.Rel)
	Source         Source    // the git checkout the release was built from
	Remote         []Pinned  // pinned remote resources
	Images         []Pinned  // image references with their digests, where known
	Time           time.Time // start and finish time (SOURCE_DATE_EPOCH or the commit time)
}

// Source is the git checkout: commit and remote URL (RemoteURI), and whether
// uncommitted changes were built (Dirty), with their digest (Diff, see changes).
type Source struct {
	Commit string
	Remote string
	Dirty  bool
	Diff   string // sha256 (hex) of the uncommitted changes when Dirty
}

// Pinned is a resource known by URI and sha256 digest.
type Pinned struct {
	URI    string
	SHA256 string
}

// Statement returns the JSON statement for one release.
func Statement(r *release.Release, in Inputs) ([]byte, error) {
	pred, err := predicate(r, in)
	if err != nil {
		return nil, err
	}
	st := &intoto.Statement{Type: intoto.StatementTypeUri, Subject: subjects(r), PredicateType: PredicateType, Predicate: pred}
	if err := st.Validate(); err != nil {
		return nil, fmt.Errorf("provenance of %s: %w", r, err)
	}
	return Marshal(st)
}

func subjects(r *release.Release) []*intoto.ResourceDescriptor {
	var out []*intoto.ResourceDescriptor
	for _, f := range r.Files {
		out = append(out, &intoto.ResourceDescriptor{Name: f.Name, Digest: map[string]string{"sha256": f.SHA256()}})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Marshal writes a statement as compact JSON: protojson's output is stable but for
// whitespace it varies on purpose, which compacting removes.
func Marshal(st *intoto.Statement) ([]byte, error) {
	raw, err := protojson.Marshal(st)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func predicate(r *release.Release, in Inputs) (*structpb.Struct, error) {
	params, err := structpb.NewStruct(map[string]any{
		"provider": r.Label(), "version": r.Version.String(), "config": in.ConfigPath,
	})
	if err != nil {
		return nil, err
	}
	ts := timestamppb.New(in.Time.UTC())
	p := &slsa.Provenance{
		BuildDefinition: &slsa.BuildDefinition{BuildType: BuildType, ExternalParameters: params, ResolvedDependencies: dependencies(in)},
		RunDetails: &slsa.RunDetails{
			Builder:  &slsa.Builder{Id: BuilderID, Version: map[string]string{"capirepo": in.BuilderVersion}},
			Metadata: &slsa.BuildMetadata{StartedOn: ts, FinishedOn: ts},
		},
	}
	raw, err := protojson.Marshal(p)
	if err != nil {
		return nil, err
	}
	out := &structpb.Struct{}
	return out, protojson.Unmarshal(raw, out)
}
