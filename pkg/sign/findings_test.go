package sign

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

// repo serves one version's files (a missing name is fs.ErrNotExist).
func repo(files map[string][]byte) *repository.InMemory {
	m := repository.NewInMemory(repository.Info{Label: "infrastructure-demo", Components: "infrastructure-components.yaml"}).Put("v1.0.0", "", nil)
	for name, b := range files {
		m.Put("v1.0.0", name, b)
	}
	return m
}

// TestReleaseFindings: a signed version passes from files or from referrers (one
// good bundle among several is enough); a missing bundle or a tampered file is one
// error finding of rule "signature" naming the file.
func TestReleaseFindings(t *testing.T) {
	priv, pub := sigstore.KeyPair(t, "")
	key, _ := ParsePublicKey("k.pub", pub)
	r := signedSet(t, keySigner(t, priv, ""), "v1.0.0").Releases[0]
	files := map[string][]byte{}
	for _, f := range r.Files {
		files[f.Name] = f.Data
	}
	bundle := files["infrastructure-demo-v1.0.0.sigstore.json"]
	read := map[string][]byte{} // the files clusterctl reads: all but the bundle
	for name, b := range files {
		if name != "infrastructure-demo-v1.0.0.sigstore.json" {
			read[name] = b
		}
	}
	check := func(rd repository.Repository, got map[string][]byte) lint.Findings {
		return ReleaseFindings(context.Background(), rd, Policy{Key: key}, "v1.0.0", got)
	}
	if got := check(repo(files), read); len(got) != 0 {
		t.Errorf("signed files: %v", got)
	}
	if got := check(repo(nil).Attach("v1.0.0", []byte("{}")).Attach("v1.0.0", bundle), read); len(got) != 0 {
		t.Errorf("one good referrer: %v", got)
	}
	tampered := map[string][]byte{"cluster-template.yaml": []byte("kind: Evil\n")}
	for name, b := range read {
		if name != "cluster-template.yaml" {
			tampered[name] = b
		}
	}
	for name, got := range map[string]lint.Findings{
		"no bundle": check(repo(nil), read),
		"tampered":  check(repo(files), tampered),
	} {
		if len(got) != 1 || got[0].Rule != RuleSignature || got[0].Severity != lint.Error || !strings.HasPrefix(got[0].File, "infrastructure-demo/v1.0.0/") {
			t.Errorf("%s: %v", name, got)
		}
	}
	if got := check(failing{repo(nil)}, read); len(got) != 1 || !strings.Contains(got[0].Message, "reading the signature bundle: boom") {
		t.Errorf("read error: %v", got)
	}
}

// failing fails every read.
type failing struct{ *repository.InMemory }

func (failing) File(context.Context, string, string) ([]byte, error) { return nil, errors.New("boom") }

func (f failing) Bundles(ctx context.Context, version string) ([][]byte, error) {
	return repository.BundleFile(ctx, f, version)
}
