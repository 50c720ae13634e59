package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestActionSignKeyStaysPrivate: the build step hands sign-key to capirepo as a file
// readable by the owner only, removed afterwards, and never prints it.
func TestActionSignKeyStaysPrivate(t *testing.T) {
	t.Parallel()
	script := step(t, readAction(t), "Build")
	bin, tmp := t.TempDir(), t.TempDir()
	// The stub prints its arguments, then the mode and first line of the key file.
	stub := "#!/bin/bash\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done\nk=\"${@: -1}\"\nstat -c 'mode %a' \"$k\"\n[[ \"$(head -1 \"$k\")\" == '-----BEGIN KEY-----' ]] && echo key-ok\n[[ \"$COSIGN_PASSWORD\" == pw ]] && echo password-ok\n"
	writeExecutable(t, filepath.Join(bin, "capirepo"), stub)
	secret := "-----BEGIN KEY-----\nSECRET-KEY-BODY\n-----END KEY-----"
	env := map[string]string{"RUNNER_TEMP": tmp, "CONFIG": "capirepo.yaml", "VERSION": "v1.2.3", "CHECK_IMAGES": "false",
		"IMAGE_PLATFORMS": "", "SIGN_KEYLESS": "false", "SIGN_KEY": secret, "COSIGN_PASSWORD": "pw", "GITHUB_OUTPUT": os.DevNull}
	out, err := runScript(t, script, env, bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	if err != nil {
		t.Fatalf("build step: %v\n%s", err, out)
	}
	key := filepath.Join(tmp, "capirepo-sign.key")
	for _, want := range []string{"[--sign-key]\n[" + key + "]\n", "mode 600\n", "key-ok\n", "password-ok\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("build step output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "SECRET-KEY-BODY") {
		t.Errorf("the key reached the log:\n%s", out)
	}
	if _, err := os.Stat(key); !os.IsNotExist(err) {
		t.Errorf("the key file was left behind: %v", err)
	}
}
