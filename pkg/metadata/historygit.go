package metadata

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"sigs.k8s.io/yaml"
)

// gitRepo is a non-shallow git checkout.
type gitRepo struct {
	dir string
}

// openGit returns the checkout holding dir, or why its tags cannot be trusted.
func openGit(ctx context.Context, dir string) (*gitRepo, string) {
	out, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "--is-shallow-repository").Output()
	if err != nil {
		return nil, gitFailure(dir, err)
	}
	if strings.TrimSpace(string(out)) == "true" {
		return nil, fmt.Sprintf("%s is a shallow clone, whose tags and history are incomplete", dir)
	}
	return &gitRepo{dir: dir}, ""
}

// gitFailure says why git could not read dir: not a checkout, or git's own reason
// (a checkout git refuses, such as "detected dubious ownership", or no git at all).
func gitFailure(dir string, err error) string {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return fmt.Sprintf("git cannot be run (%v)", err)
	}
	line, _, _ := strings.Cut(strings.TrimSpace(string(ee.Stderr)), "\n")
	if line == "" || strings.Contains(line, "not a git repository") {
		return fmt.Sprintf("%s is not inside a git checkout", dir)
	}
	return fmt.Sprintf("git cannot read the checkout holding %s: %s", dir, strings.TrimSuffix(line, "."))
}

// undeclared returns the tags whose own copy of file did not declare their series with
// a contract clusterctl v1 manages: the file did not exist at the tag, did not parse,
// lacked the tag's major.minor, or declared a contract no clusterctl v1 installs or
// upgrades from (a pre-v1beta1 one, v1alpha*, or none at all, such as a "v1beta" typo).
func (g *gitRepo) undeclared(ctx context.Context, file string, tags []string) ([]string, error) {
	path, err := g.inRepo(ctx, file)
	if err != nil {
		return nil, err
	}
	var in bytes.Buffer
	for _, t := range tags {
		fmt.Fprintf(&in, "refs/tags/%s:%s\n", t, path)
	}
	cmd := exec.CommandContext(ctx, "git", "-C", g.dir, "cat-file", "--batch")
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("reading %s at every tag with git cat-file: %w", path, err)
	}
	r := bufio.NewReader(bytes.NewReader(out))
	var exempt []string
	for _, t := range tags {
		data, err := nextBlob(r)
		if err != nil {
			return nil, fmt.Errorf("reading %s at tag %s: %w", path, t, err)
		}
		if !manages(data, t) {
			exempt = append(exempt, t)
		}
	}
	return exempt, nil
}

// inRepo returns file's path relative to the top of the checkout, with slashes.
func (g *gitRepo) inRepo(ctx context.Context, file string) (string, error) {
	dir := filepath.Dir(file)
	out, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "--show-prefix").Output()
	if err != nil {
		return "", fmt.Errorf("%s is not inside the git checkout", file)
	}
	return strings.TrimSpace(string(out)) + filepath.Base(file), nil
}

// nextBlob reads one `git cat-file --batch` answer; a missing object is nil data.
func nextBlob(r *bufio.Reader) ([]byte, error) {
	header, err := r.ReadString('\n')
	if err != nil {
		return nil, err
	}
	fields := strings.Fields(header)
	if len(fields) != 3 || fields[1] != "blob" {
		return nil, nil // "<object> missing" (or not a file)
	}
	size, err := strconv.Atoi(fields[2])
	if err != nil {
		return nil, fmt.Errorf("git cat-file header %q", strings.TrimSpace(header))
	}
	data := make([]byte, size+1) // content and a newline
	if _, err := io.ReadFull(r, data); err != nil {
		return nil, err
	}
	return data[:size], nil
}

// manages reports whether a metadata.yaml (read leniently, as old clusterctl did) lists
// the series of version with a contract clusterctl installs: v1beta1 (every clusterctl
// v1) or v1beta2 (v1.11+), the only ones GetCompatibleVersions accepts
// (cmd/clusterctl/client/cluster/installer.go getProviderContract refuses the rest).
func manages(data []byte, version string) bool {
	v, err := layout.ParseListed(version)
	if data == nil || err != nil {
		return false
	}
	var m struct {
		ReleaseSeries []struct {
			Major, Minor int64
			Contract     string
		} `json:"releaseSeries"`
	}
	if yaml.Unmarshal(data, &m) != nil {
		return false
	}
	for _, s := range m.ReleaseSeries {
		if s.Major == int64(v.Major()) && s.Minor == int64(v.Minor()) {
			return layout.Installable(s.Contract)
		}
	}
	return false
}
