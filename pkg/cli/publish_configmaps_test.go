package cli

import "testing"

// configMapsOut publishes dist into a new ConfigMap folder and returns it.
func configMapsOut(t *testing.T, dist string) string {
	t.Helper()
	out := t.TempDir()
	if code, _, stderr := runEnv(t, nil, "publish", "configmaps", "--from", dist, "--to", out); code != ExitOK {
		t.Fatalf("publish configmaps: %s", stderr)
	}
	return out
}
