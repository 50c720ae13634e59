package metadata

import (
	"bytes"
	"slices"
	"testing"
)

func TestMarshal(t *testing.T) {
	t.Parallel()
	in := &Metadata{APIVersion: "wrong/v1", ReleaseSeries: []Series{{1, 10, "v1beta2"}, {2, 0, "yes"}, {0, 9, "v1alpha4"}, {1, 0, "v1beta1"}}}
	orig := slices.Clone(in.ReleaseSeries)
	got := Marshal(in)
	if want := readFixture(t, "marshal.golden"); !bytes.Equal(got, want) {
		t.Errorf("Marshal() =\n%s\nwant\n%s", got, want)
	}
	if !slices.Equal(in.ReleaseSeries, orig) {
		t.Errorf("Marshal reordered its input: %v", in.ReleaseSeries)
	}
	back, err := Parse("marshal.golden", got)
	if err != nil {
		t.Fatal(err)
	}
	if back.ReleaseSeries[3].Contract != "yes" || back.APIVersion != APIVersion || back.Kind != Kind {
		t.Errorf("round trip = %+v: the quoted contract or the type fields were lost", back)
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		file string
	}{
		{"ascending", "lint/good.yaml"},
		{"json", "lint/good-json.yaml"},
		{"descending", "lint/good-descending.yaml"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m, err := Parse(c.file, readFixture(t, c.file))
			if err != nil {
				t.Fatal(err)
			}
			out := Marshal(m)
			if found := Lint("out.yaml", out); len(found) != 0 {
				t.Errorf("Lint(Marshal()) = %v, want none", found)
			}
			again, err := Parse("out.yaml", out)
			if err != nil {
				t.Fatal(err)
			}
			want := slices.SortedStableFunc(slices.Values(m.ReleaseSeries), compare)
			if !slices.Equal(again.ReleaseSeries, want) || !bytes.Equal(Marshal(again), out) {
				t.Errorf("round trip changed the series: %v, want %v", again.ReleaseSeries, want)
			}
		})
	}
}

func TestMarshalEmpty(t *testing.T) {
	t.Parallel()
	got := string(Marshal(&Metadata{}))
	want := "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries: []\n"
	if got != want {
		t.Errorf("Marshal(empty) = %q, want %q", got, want)
	}
}
