package metadata

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
)

// plainContract matches contract spellings that stay strings unquoted in YAML 1.1 and 1.2.
var plainContract = regexp.MustCompile(`^v[0-9]+([a-z]+[0-9]+)?$`)

// Marshal writes metadata.yaml deterministically: apiVersion and kind always (the values
// clusterctl accepts, whatever m holds), then the series sorted by major and minor.
func Marshal(m *Metadata) []byte {
	series := slices.Clone(m.ReleaseSeries)
	slices.SortStableFunc(series, compare)
	var b bytes.Buffer
	fmt.Fprintf(&b, "apiVersion: %s\nkind: %s\nreleaseSeries:\n", APIVersion, Kind)
	if len(series) == 0 {
		b.Truncate(b.Len() - 1)
		b.WriteString(" []\n")
	}
	for _, s := range series {
		contract := s.Contract
		if !plainContract.MatchString(contract) {
			contract = strconv.Quote(contract)
		}
		fmt.Fprintf(&b, "  - major: %d\n    minor: %d\n    contract: %s\n", s.Major, s.Minor, contract)
	}
	return b.Bytes()
}

// MarshalGiven writes metadata.yaml for series given inline (capirepo.yaml's
// releaseSeries), in the order given and in the block form build has always shipped
// for them: apiVersion and kind, then one "- major/minor/contract" item per series.
// Marshal sorts and indents differently; build keeps this form so its output stays
// byte for byte what earlier releases wrote.
func MarshalGiven(series []Series) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "apiVersion: %s\nkind: %s\nreleaseSeries:\n", APIVersion, Kind)
	for _, s := range series {
		fmt.Fprintf(&b, "- major: %d\n  minor: %d\n  contract: %s\n", s.Major, s.Minor, s.Contract)
	}
	return b.Bytes()
}
