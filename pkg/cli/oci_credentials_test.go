package cli

import (
	"encoding/base64"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// dockerConfigFor writes a Docker config with basic credentials for host.
func dockerConfigFor(t *testing.T, host, user, pass string) string {
	dir := t.TempDir()
	auth := base64.StdEncoding.EncodeToString([]byte(user + ":" + pass))
	writeText(t, filepath.Join(dir, "config.json"), `{"auths":{"`+host+`":{"auth":"`+auth+`"}}}`)
	return dir
}

// The operator's OCI_* variables are the credentials of the registry a command pushes
// to; an image's upstream registry must never receive them (it gets its Docker config
// entry instead).
func TestOCIVariablesOnlyReachTheirRegistry(t *testing.T) {
	t.Parallel()
	upstream := registry.New(t)
	upstream.PushImage(t, "team/ctl:v1", registry.Image{Layers: 1, LayerSize: 64, Platforms: []string{"linux/amd64"}})
	upstream.RequireBasicAuth("puller", "upstream-pass")
	mirror := authRegistry(t)
	dir := imagesDir(t, upstream.Host+"/team/ctl:v1")
	env := ociEnv(t, "OCI_USERNAME", "robot", "OCI_PASSWORD", ociSecret,
		"DOCKER_CONFIG", dockerConfigFor(t, upstream.Host, "puller", "upstream-pass"))
	for _, args := range [][]string{
		{"images", "copy", "--plain-http", "--to", mirror.Host + "/m", dir},
		{"images", "check", "--plain-http", dir},
	} {
		code, out, errOut := runEnv(t, env, args...)
		if code != ExitOK {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	if upstream.SawPassword(ociSecret) {
		t.Fatal("the upstream registry received OCI_PASSWORD, the mirror registry's password")
	}
}

// --plain-http of a command with a destination registry is for that registry (and
// loopback ones): the images' upstream registries are still reached over HTTPS.
func TestPlainHTTPIsForTheDestination(t *testing.T) {
	t.Parallel()
	reg := registryFlags{plainHTTP: true, to: []string{"mirror.example:5000/m"}}
	remote, err := reg.remote(Env{}.streams())
	if err != nil {
		t.Fatal(err)
	}
	for ref, want := range map[string]bool{"mirror.example:5000/m/ctl": true, "registry.k8s.io/cluster-api/ctl": false} {
		repo, err := remote.Repository(ref)
		if err != nil || repo.PlainHTTP != want {
			t.Errorf("%s: plain HTTP %v, want %v (%v)", ref, repo != nil && repo.PlainHTTP, want, err)
		}
	}
}

// A layout folder that cannot be read as one (broken index.json, no tagged image, a
// reference capirepo did not write) is bad input: exit 3, as docs/exit-codes.md says.
func TestImagesPushBrokenLayoutIsInput(t *testing.T) {
	t.Parallel()
	for name, index := range map[string]string{
		"not JSON":        "{",
		"no tagged image": `{"schemaVersion":2,"manifests":[]}`,
	} {
		dir := t.TempDir()
		writeText(t, filepath.Join(dir, "oci-layout"), `{"imageLayoutVersion":"1.0.0"}`)
		writeText(t, filepath.Join(dir, "index.json"), index)
		code, _, errOut := runEnv(t, ociEnv(t), "images", "push", "--plain-http", "--to", "127.0.0.1:1/m", dir)
		if code != ExitInput {
			t.Errorf("%s: exit %d, want %d\n%s", name, code, ExitInput, errOut)
		}
	}
	dir := t.TempDir()
	code, _, errOut := runEnv(t, ociEnv(t), "images", "push", "--plain-http", "--to", "127.0.0.1:1/m", dir)
	if code != ExitInput || !strings.Contains(errOut, dir+" is not an OCI image layout folder (no index.json)") {
		t.Errorf("no index.json: exit %d, want %d and a message naming %s\n%s", code, ExitInput, dir, errOut)
	}
}
