package source

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGitLabTokenFrom(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "tok")
	if err := os.WriteFile(file, []byte(" secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"GITLAB_TOKEN": "pat", "CI_JOB_TOKEN": "job"}
	getenv := func(k string) string { return env[k] }
	tests := []struct {
		file, kind, value, gotKind, err string
	}{
		{file: file, kind: "job", value: "secret", gotKind: "job"},
		{file: file, value: "secret"},
		{value: "pat", gotKind: GitLabPrivate},
		{kind: "job", value: "job", gotKind: GitLabJob},
		{kind: "deploy", err: "no GitLab token: set GITLAB_DEPLOY_TOKEN"},
		{kind: "admin", err: `--token-kind "admin"`},
		{file: filepath.Join(t.TempDir(), "missing"), err: "--token-file: "},
	}
	for _, tt := range tests {
		tok, err := GitLabTokenFrom(getenv, tt.file, tt.kind)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%+v: err %v, want %q", tt, err, tt.err)
			}
			continue
		}
		if err != nil || tok.Value != tt.value || tok.Kind != tt.gotKind {
			t.Errorf("%+v: got %q kind %q, %v", tt, tok.Value, tok.Kind, err)
		}
	}
}

func TestReadTokenFileRefusesEmpty(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "tok")
	if err := os.WriteFile(file, []byte("\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadTokenFile(file); err == nil || !strings.Contains(err.Error(), "is empty") {
		t.Errorf("ReadTokenFile(empty) = %v", err)
	}
	if tok, err := ReadTokenFile(""); tok != "" || err != nil {
		t.Errorf(`ReadTokenFile("") = %q, %v`, tok, err)
	}
}
