package install

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"os"
	"path/filepath"
	"strconv"
)

// apiserverArgs writes the API server's token file and service-account keys and
// returns its flags: loopback only, RBAC, one token for system:masters. Priority and
// fairness is off: one client needs no queues, and clusterctl init met a 429 from it
// (while the API server was young) that it waits out with a backoff.
func (cp *ControlPlane) apiserverArgs(etcdPort, port int) ([]string, error) {
	tok := make([]byte, 32)
	if _, err := rand.Read(tok); err != nil {
		return nil, err
	}
	cp.Token = hex.EncodeToString(tok)
	tokens := filepath.Join(cp.Dir, "tokens.csv")
	if err := os.WriteFile(tokens, []byte(cp.Token+",admin,admin,system:masters\n"), 0o600); err != nil {
		return nil, err
	}
	key, pub, err := writeSAKeys(cp.Dir)
	if err != nil {
		return nil, err
	}
	return []string{"--etcd-servers", "http://127.0.0.1:" + strconv.Itoa(etcdPort),
		"--cert-dir", filepath.Join(cp.Dir, "certs"), "--secure-port", strconv.Itoa(port),
		"--bind-address", "127.0.0.1", "--advertise-address", "127.0.0.1",
		"--token-auth-file", tokens, "--service-account-key-file", pub,
		"--service-account-signing-key-file", key, "--service-account-issuer", "https://kubernetes.default.svc",
		"--service-cluster-ip-range", "10.96.0.0/16", "--authorization-mode", "RBAC",
		"--disable-admission-plugins", "ServiceAccount", "--allow-privileged=true",
		"--enable-priority-and-fairness=false", "--v=0"}, nil
}

// writeSAKeys writes a fresh service-account signing key pair.
func writeSAKeys(dir string) (key, pub string, err error) {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return "", "", err
	}
	der, err := x509.MarshalPKIXPublicKey(&k.PublicKey)
	if err != nil {
		return "", "", err
	}
	key, pub = filepath.Join(dir, "sa.key"), filepath.Join(dir, "sa.pub")
	kb := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k)})
	if err := os.WriteFile(key, kb, 0o600); err != nil {
		return "", "", err
	}
	pb := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})
	return key, pub, os.WriteFile(pub, pb, 0o600)
}
