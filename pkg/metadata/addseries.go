package metadata

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

// AddSeries returns data with a series for version's major.minor appended at the end of
// releaseSeries, keeping comments, key order, the order of existing series and the
// sequence indentation style (blank lines are not kept: yaml.v3 drops them). With
// nil or blank data it returns a fresh file. It changes nothing (changed=false) when the
// series already exists with the same contract, and fails when it exists with another,
// or when version is no SemVer version (a NamedVersion of another name).
func AddSeries(data []byte, version layout.Version, contract string) (out []byte, changed bool, err error) {
	if !version.Valid() {
		_, why := layout.ParseListed(version.String()) // only on the way to an error: the parser names why
		return nil, false, fmt.Errorf("adding series for version %q: not a SemVer version (%v): use vMAJOR.MINOR.PATCH", version, why)
	}
	if version.Major() > math.MaxInt32 || version.Minor() > math.MaxInt32 {
		return nil, false, fmt.Errorf("adding series for version %s: major and minor must fit in 32 bits, as clusterctl decodes them as int32", version)
	}
	if !IsContract(contract) {
		return nil, false, fmt.Errorf("adding series for %s: contract %q is not a Cluster API contract version: use one of %s", version, contract, strings.Join(Contracts(), ", "))
	}
	add := Series{Major: int32(version.Major()), Minor: int32(version.Minor()), Contract: contract}
	if blank(data) {
		return append(commentsOnly(data), Marshal(&Metadata{ReleaseSeries: []Series{add}})...), true, nil
	}
	m, found := decode(layout.MetadataFile, data)
	if fatal := onlyFatal(found).Without(map[string]bool{RuleSeriesEmpty: true}); len(fatal) > 0 || m == nil {
		return nil, false, fmt.Errorf("adding series %s: fix metadata.yaml first:\n%w", add, fatal)
	}
	if s := m.series(int64(add.Major), int64(add.Minor)); s != nil {
		if s.Contract != contract {
			return nil, false, fmt.Errorf("adding series %s with contract %s: metadata.yaml already lists series %s with contract %q; edit that entry if the contract really changed", add, contract, s, s.Contract)
		}
		return data, false, nil
	}
	out, err = appendSeries(data, add)
	return out, err == nil, err
}

// appendSeries edits the node tree with kyaml and encodes it in the file's own style.
func appendSeries(data []byte, s Series) ([]byte, error) {
	doc, err := kyaml.Parse(string(data))
	if err != nil {
		return nil, fmt.Errorf("parsing metadata.yaml to add series %s: %w", s, err)
	}
	seq := doc.Field("releaseSeries")
	if seq == nil || seq.Value.YNode().Kind != kyaml.SequenceNode {
		if err := doc.PipeE(kyaml.SetField("releaseSeries", kyaml.NewListRNode())); err != nil {
			return nil, fmt.Errorf("adding releaseSeries to metadata.yaml: %w", err)
		}
		seq = doc.Field("releaseSeries")
	}
	list := seq.Value.YNode()
	style := kyaml.SequenceIndentStyle(kyaml.DeriveSeqIndentStyle(string(data)))
	if len(list.Content) == 0 {
		list.Style = 0 // `releaseSeries: []` becomes a block list, written like Marshal does
		key := seq.Key.YNode()
		if key.LineComment == "" {
			key.LineComment, list.LineComment = list.LineComment, ""
		}
		style = kyaml.WideSequenceStyle
	}
	list.Content = append(list.Content, seriesNode(s))
	out, err := kyaml.MarshalWithOptions(doc.Document(), &kyaml.EncoderOptions{SeqIndent: style})
	if err != nil {
		return nil, fmt.Errorf("encoding metadata.yaml with series %s: %w", s, err)
	}
	if bytes.HasPrefix(data, []byte("---\n")) && !bytes.HasPrefix(out, []byte("---")) {
		out = append([]byte("---\n"), out...)
	}
	return out, nil
}

func seriesNode(s Series) *kyaml.Node {
	scalar := func(tag, v string) *kyaml.Node { return &kyaml.Node{Kind: kyaml.ScalarNode, Tag: tag, Value: v} }
	return &kyaml.Node{Kind: kyaml.MappingNode, Content: []*kyaml.Node{
		scalar("!!str", "major"), scalar("!!int", strconv.Itoa(int(s.Major))),
		scalar("!!str", "minor"), scalar("!!int", strconv.Itoa(int(s.Minor))),
		scalar("!!str", "contract"), scalar("!!str", s.Contract),
	}}
}

// blank reports data with no YAML document: nothing, whitespace or comments only.
func blank(data []byte) bool {
	docs, err := manifest.Split(data)
	return err == nil && len(docs) == 0
}

// commentsOnly keeps the comment lines of a blank file so a fresh file starts with them.
func commentsOnly(data []byte) []byte {
	var out []byte
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			out = append(out, line+"\n"...)
		}
	}
	return out
}
