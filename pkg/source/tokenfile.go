package source

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// ReadTokenFile returns the token in file (--token-file; "" when file is ""): its
// content without surrounding space. The value never reaches a message: only the
// file is named.
func ReadTokenFile(file string) (string, error) {
	if file == "" {
		return "", nil
	}
	b, err := fsx.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("--token-file: %w", err)
	}
	tok := strings.TrimSpace(string(b))
	if tok == "" {
		return "", fmt.Errorf("--token-file %s is empty", file)
	}
	return tok, nil
}

// GitLabTokenFrom picks a GitLab token and its kind: the token file when given (of
// kind kind; "" is sent as a private token), else the first variable of the GitLab
// policy (GitLabTokenVars) of that kind ("" = any). kind is "", private, job or
// deploy (--token-kind).
func GitLabTokenFrom(getenv func(string) string, file, kind string) (Token, error) {
	switch kind {
	case "", GitLabPrivate, GitLabJob, GitLabDeploy:
	default:
		return Token{}, fmt.Errorf("--token-kind %q: want private, job or deploy", kind)
	}
	if file != "" {
		tok, err := ReadTokenFile(file)
		return Token{Value: tok, Kind: kind}, err
	}
	if tok := GitLabToken(getenv, kind); tok.Value != "" {
		return tok, nil
	}
	return Token{}, fmt.Errorf("no GitLab token: set %s, or pass --token-file", TokenVarNames(GitLabTokenVars, kind))
}
