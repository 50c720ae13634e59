package initcheck

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/metadata"
)

// checkout is the git checkout holding the inspected folder.
type checkout struct {
	top    string // the checkout's top folder
	prefix string // the inspected folder below it, slash path ("" at the top)
}

// openCheckout finds the checkout holding dir (symbolic links resolved, as git does).
func openCheckout(ctx context.Context, dir string) (checkout, error) {
	top, err := git(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return checkout{}, fmt.Errorf("%s is not inside a git checkout (init --check builds the provider's newest release tag): %w", dir, err)
	}
	prefix, err := git(ctx, dir, "rev-parse", "--show-prefix")
	if err != nil {
		return checkout{}, err
	}
	return checkout{top: strings.TrimSpace(top), prefix: strings.TrimSuffix(strings.TrimSpace(prefix), "/")}, nil
}

// releaseTag is the release tag to build, parsed where it is read: given
// (--check-tag) when set, else the newest release tag of the checkout.
func (c checkout) releaseTag(ctx context.Context, given string) (layout.Version, error) {
	if given == "" {
		return c.newestTag(ctx)
	}
	v, err := layout.ParseVersion(given)
	if err != nil {
		return layout.Version{}, fmt.Errorf("--check-tag: %w", err)
	}
	return v, nil
}

// newestTag is the newest release tag (vX.Y.Z, no pre-release) of the checkout.
func (c checkout) newestTag(ctx context.Context) (layout.Version, error) {
	tags, err := metadata.GitTags(ctx, c.top)
	if err != nil {
		return layout.Version{}, err
	}
	for _, v := range layout.SortVersions(tags) {
		if v.Check() == nil && v.Prerelease() == "" {
			return v, nil
		}
	}
	return layout.Version{}, fmt.Errorf("%s has no release tag (vX.Y.Z): init --check builds the newest one; fetch the tags (git fetch --tags) or pass --check-tag", c.top)
}

// origin is the URL of the checkout's origin remote ("" when it has none).
func (c checkout) origin(ctx context.Context) string {
	out, err := git(ctx, c.top, "remote", "get-url", "origin")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(out)
}

// extract writes the tree of tag into dir (git archive: the checkout, its index and
// its .git are not changed).
func (c checkout) extract(ctx context.Context, tag, dir string) error {
	cmd := exec.CommandContext(ctx, "git", "-C", c.top, "archive", "--format=tar", "refs/tags/"+tag)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git archive %s: %w", tag, err)
	}
	werr := untar(out, dir)
	_, _ = io.Copy(io.Discard, out)
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("git archive %s in %s: %w: %s", tag, c.top, err, strings.TrimSpace(stderr.String()))
	}
	return werr
}

// untar writes the folders, regular files and symbolic links of a tar stream into dir;
// an entry below a link it wrote, or leading out of dir, is refused.
func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	links := map[string]bool{}
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading git archive: %w", err)
		}
		name := filepath.Clean(filepath.FromSlash(h.Name))
		if filepath.IsAbs(name) || name == ".." || strings.HasPrefix(name, ".."+string(filepath.Separator)) || underLink(name, links) {
			return fmt.Errorf("git archive: entry %q leads out of the tree", h.Name)
		}
		if h.Typeflag == tar.TypeSymlink {
			links[name] = true
		}
		if err := writeEntry(tr, h, filepath.Join(dir, name)); err != nil {
			return err
		}
	}
}

// underLink reports a path below one of links.
func underLink(name string, links map[string]bool) bool {
	for p := filepath.Dir(name); p != "." && p != string(filepath.Separator); p = filepath.Dir(p) {
		if links[p] {
			return true
		}
	}
	return false
}

func writeEntry(tr *tar.Reader, h *tar.Header, path string) error {
	switch h.Typeflag {
	case tar.TypeDir:
		return os.MkdirAll(path, 0o755)
	case tar.TypeSymlink:
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		return os.Symlink(h.Linkname, path)
	case tar.TypeReg:
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return fmt.Errorf("reading git archive: %w", err)
		}
		return os.WriteFile(path, data, os.FileMode(h.Mode)&0o755|0o600)
	}
	return nil // the pax header holding the commit, submodule entries
}

// git runs git in dir and returns its standard output.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		line, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, line)
	}
	return stdout.String(), nil
}
