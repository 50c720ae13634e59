package provenance

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// ErrDirty marks a checkout with uncommitted changes, which a signed statement would
// otherwise claim as its commit.
var ErrDirty = errors.New("the checkout has uncommitted changes")

// changes reads the uncommitted changes of the checkout at root (tracked files
// changed, staged or not, and untracked files not ignored), out of the paths of
// exclude (the build's own output). It returns their summary (git status lines)
// and their digest: "" and "" when the checkout is clean.
func changes(ctx context.Context, root string, exclude []string) (summary []string, digest string, err error) {
	spec := pathspec(root, exclude)
	status, err := gitOut(ctx, root, append([]string{"status", "--porcelain=v1", "-z", "--untracked-files=all", "--"}, spec...)...)
	if err != nil || len(status) == 0 {
		return nil, "", err
	}
	for _, l := range strings.Split(strings.TrimRight(string(status), "\x00"), "\x00") {
		summary = append(summary, l)
	}
	digest, err = changesDigest(ctx, root, spec)
	return summary, digest, err
}

// changesDigest is the sha256 of the changes: `git diff --binary HEAD` over spec,
// then each untracked file's name and the sha256 of its content, in git's order.
func changesDigest(ctx context.Context, root string, spec []string) (string, error) {
	diff, err := gitOut(ctx, root, append([]string{"diff", "--binary", "HEAD", "--"}, spec...)...)
	if err != nil {
		return "", err
	}
	others, err := gitOut(ctx, root, append([]string{"ls-files", "--others", "--exclude-standard", "-z", "--"}, spec...)...)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write(diff)
	for _, name := range strings.Split(strings.TrimRight(string(others), "\x00"), "\x00") {
		if name != "" {
			fmt.Fprintf(h, "\x00untracked %s\x00%s", name, fileDigest(filepath.Join(root, filepath.FromSlash(name))))
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// fileDigest is the sha256 of a file read through fsx (never a named pipe), or why
// it could not be read.
func fileDigest(path string) string {
	f, err := fsx.Open(path)
	if err != nil {
		return "unreadable: " + err.Error()
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "unreadable: " + err.Error()
	}
	return hex.EncodeToString(h.Sum(nil))
}

// pathspec is the whole checkout without the excluded paths inside it.
func pathspec(root string, exclude []string) []string {
	spec := []string{"."}
	for _, e := range exclude {
		if rel, ok := inside(root, e); ok && rel != "." {
			spec = append(spec, ":(exclude)"+rel)
		}
	}
	return spec
}

// inside returns p relative to root (slash path), symbolic links resolved, when it is
// root or below it.
func inside(root, p string) (string, bool) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", false
	}
	if real, err := realPath(abs); err == nil {
		abs = real
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// realPath resolves the symbolic links of p, or of its longest existing parent (an
// output folder may not exist yet).
func realPath(p string) (string, error) {
	real, err := filepath.EvalSymlinks(p)
	if err == nil || filepath.Dir(p) == p {
		return real, err
	}
	parent, err := realPath(filepath.Dir(p))
	if err != nil {
		return "", err
	}
	return filepath.Join(parent, filepath.Base(p)), nil
}

// gitOut runs git in dir and returns its stdout; a failure is an error with git's
// message.
func gitOut(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s in %s: %v: %s", args[0], dir, err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}
