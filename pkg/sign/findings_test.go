package sign

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

// fileReader serves one version's files; a missing name is fs.ErrNotExist.
type fileReader map[string][]byte

func (f fileReader) File(_ context.Context, _, name string) ([]byte, error) {
	if b, ok := f[name]; ok {
		return b, nil
	}
	return nil, fs.ErrNotExist
}

// referrers keeps bundles apart from the files, as an OCI repository does.
type referrers struct {
	fileReader
	bundles [][]byte
}

func (r referrers) Bundles(context.Context, string) ([][]byte, error) { return r.bundles, nil }

// TestReleaseFindings: a signed version passes from files or from referrers (one
// good bundle among several is enough); a missing bundle or a tampered file is one
// error finding of rule "signature" naming the file.
func TestReleaseFindings(t *testing.T) {
	priv, pub := sigstore.KeyPair(t, "")
	key, _ := ParsePublicKey("k.pub", pub)
	r := signedSet(t, keySigner(t, priv, ""), "v1.0.0").Releases[0]
	files := fileReader{}
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
	check := func(rd FileReader, got map[string][]byte) lint.Findings {
		return ReleaseFindings(context.Background(), rd, Policy{Key: key}, r.ComponentsFile, "infrastructure-demo", "v1.0.0", got)
	}
	if got := check(files, read); len(got) != 0 {
		t.Errorf("signed files: %v", got)
	}
	if got := check(referrers{fileReader{}, [][]byte{[]byte("{}"), bundle}}, read); len(got) != 0 {
		t.Errorf("one good referrer: %v", got)
	}
	tampered := map[string][]byte{"cluster-template.yaml": []byte("kind: Evil\n")}
	for name, b := range read {
		if name != "cluster-template.yaml" {
			tampered[name] = b
		}
	}
	for name, got := range map[string]lint.Findings{
		"no bundle": check(fileReader{}, read),
		"tampered":  check(files, tampered),
	} {
		if len(got) != 1 || got[0].Rule != RuleSignature || got[0].Severity != lint.Error || !strings.HasPrefix(got[0].File, "infrastructure-demo/v1.0.0/") {
			t.Errorf("%s: %v", name, got)
		}
	}
	if got := check(failing{}, read); len(got) != 1 || !strings.Contains(got[0].Message, "reading the signature bundle: boom") {
		t.Errorf("read error: %v", got)
	}
}

type failing struct{}

func (failing) File(context.Context, string, string) ([]byte, error) { return nil, errors.New("boom") }
