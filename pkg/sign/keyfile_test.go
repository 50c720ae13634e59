package sign

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

// Key and trusted-root files: read and parsed, or one error naming the file.
func TestKeyFiles(t *testing.T) {
	dir := t.TempDir()
	priv, pub := sigstore.KeyPair(t, "pw")
	for name, data := range map[string][]byte{"k.key": priv, "k.pub": pub, "root.json": []byte("{")} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ReadPrivateKey(filepath.Join(dir, "k.key"), []byte("pw")); err != nil {
		t.Errorf("private key: %v", err)
	}
	if _, err := ReadPublicKey(filepath.Join(dir, "k.pub")); err != nil {
		t.Errorf("public key: %v", err)
	}
	_, errPriv := ReadPrivateKey(filepath.Join(dir, "none.key"), nil)
	_, errPub := ReadPublicKey(filepath.Join(dir, "none.pub"))
	_, errRoot := LoadTrustedRoot(filepath.Join(dir, "root.json"))
	for want, err := range map[string]error{"signing key " + dir + "/none.key: cannot read it": errPriv,
		"public key " + dir + "/none.pub: cannot read it": errPub, "trusted root " + dir + "/root.json": errRoot} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want an error with %q", err, want)
		}
	}
}
