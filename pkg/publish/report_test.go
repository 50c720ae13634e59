package publish

import (
	"strings"
	"testing"
)

func TestReportText(t *testing.T) {
	t.Parallel()
	rep := &Report{Destination: "local:/r"}
	rep.Add("infrastructure-aws v1.2.3", "a", Written, "")
	rep.Add("infrastructure-aws v1.2.3", "b", Refused, "content differs")
	var b strings.Builder
	rep.WriteText(&b)
	if !strings.Contains(b.String(), "local:/r: 1 written, 0 replaced, 0 skipped, 1 refused") || !strings.Contains(b.String(), "(content differs)") {
		t.Errorf("WriteText:\n%s", b.String())
	}
}

func TestReportOrdersVersionsAsSemVer(t *testing.T) {
	t.Parallel()
	rep := &Report{Destination: "local:/r"}
	for _, v := range []string{"v1.10.0", "v1.9.0", "v1.9.0-rc.1", "v1.2.0"} {
		rep.Add("infrastructure-x "+v, "metadata.yaml", Written, "")
	}
	rep.Add("bootstrap-y v2.0.0", "metadata.yaml", Written, "")
	var b strings.Builder
	rep.WriteText(&b)
	var got []string
	for _, l := range strings.Split(b.String(), "\n") {
		if f := strings.Fields(l); len(f) == 4 {
			got = append(got, f[1]+" "+f[2])
		}
	}
	want := "bootstrap-y v2.0.0,infrastructure-x v1.2.0,infrastructure-x v1.9.0-rc.1,infrastructure-x v1.9.0,infrastructure-x v1.10.0"
	if strings.Join(got, ",") != want {
		t.Errorf("order = %s, want %s", strings.Join(got, ","), want)
	}
}
