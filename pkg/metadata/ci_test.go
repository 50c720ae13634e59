package metadata

import "testing"

func TestInCI(t *testing.T) {
	cases := map[string]bool{"": false, "  ": false, "false": false, "FALSE": false, "0": false, " 0 ": false,
		"true": true, "TRUE": true, "1": true, "yes": true, " true ": true}
	for v, want := range cases {
		getenv := func(name string) string {
			if name == "CI" {
				return v
			}
			return "true"
		}
		if got := InCI(getenv); got != want {
			t.Errorf("InCI(CI=%q) = %v, want %v", v, got, want)
		}
	}
}
