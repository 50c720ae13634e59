package provenance

import (
	"fmt"

	slsa "github.com/in-toto/attestation/go/predicates/provenance/v1"
	intoto "github.com/in-toto/attestation/go/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/capirepo/capirepo/pkg/release"
)

// RepublishType is the build type of a statement re-derived from a release's files
// (Rederived): it says which files were published as which provider version, and
// nothing about how they were built.
const RepublishType = "https://github.com/capirepo/capirepo/buildtypes/republish/v1"

// Rederived is the statement of a release taken from its files alone, for a
// publisher that signs what it publishes without a verified statement to carry over
// (no input trust given): every file is a subject, the predicate names the provider
// and version (which verification checks) and the publisher, and records no source,
// dependency or time. Same files, same bytes.
func Rederived(r *release.Release, builderVersion string) (*intoto.Statement, error) {
	params, err := structpb.NewStruct(map[string]any{"provider": r.Label(), "version": r.Version.String()})
	if err != nil {
		return nil, err
	}
	p := &slsa.Provenance{
		BuildDefinition: &slsa.BuildDefinition{BuildType: RepublishType, ExternalParameters: params},
		RunDetails:      &slsa.RunDetails{Builder: &slsa.Builder{Id: BuilderID, Version: map[string]string{"capirepo": builderVersion}}},
	}
	raw, err := protojson.Marshal(p)
	if err != nil {
		return nil, err
	}
	pred := &structpb.Struct{}
	if err := protojson.Unmarshal(raw, pred); err != nil {
		return nil, err
	}
	st := &intoto.Statement{Type: intoto.StatementTypeUri, Subject: subjects(r), PredicateType: PredicateType, Predicate: pred}
	if err := st.Validate(); err != nil {
		return nil, fmt.Errorf("re-derived provenance of %s: %w", r, err)
	}
	return st, nil
}
