package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// TestBlocksOfRejectsUnclosedFence: a fence never closed, or closed only by the next
// block's fence (build.md's upgrade block once was), is an error naming its line.
func TestBlocksOfRejectsUnclosedFence(t *testing.T) {
	t.Parallel()
	pages := map[string]string{
		"never.md":   "# t\n\n```sh\necho a\n",
		"reopens.md": "# t\n\n```sh\necho a\n## next\n\n```text\nout\n```\n",
	}
	dir := tree.Write(t, pages)
	for page, want := range map[string]string{"never.md": "never.md:3: the block opened here is never closed", "reopens.md": "reopens.md:3: the block opened here is not closed before line 7"} {
		if _, err := blocksOf(dir, page); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", page, err, want)
		}
	}
	ok := tree.Write(t, map[string]string{"ok.md": "````md\n```sh\nx\n```\n````\n\n```sh\necho b\n```\n"})
	blocks, err := blocksOf(ok, "ok.md")
	if err != nil || len(blocks) != 2 {
		t.Fatalf("a longer fence holding a shorter one: %v, %d blocks", err, len(blocks))
	}
}

// TestHiddenRunMarkerRefused: a marker that would set a block up out of the reader's
// sight (run: in DIR, before: CMD) is refused; not run: needs its reason.
func TestHiddenRunMarkerRefused(t *testing.T) {
	t.Parallel()
	for _, m := range []string{"run: in examples/sample", "run: in .; before: rm capirepo.yaml; exits: 10", "not run:"} {
		if _, err := parseMarker(docBlock{file: "p.md", line: 3, marker: m}); err == nil {
			t.Errorf("marker %q: accepted", m)
		}
	}
	if skip, err := parseMarker(docBlock{marker: "not run: needs GitHub"}); err != nil || skip != "needs GitHub" {
		t.Errorf("not run: got %q, %v", skip, err)
	}
}

// TestAllowedExits: the exit codes a command's visible comment allows.
func TestAllowedExits(t *testing.T) {
	t.Parallel()
	cases := map[string][]int{
		"capirepo init --dry-run   # exits 10: init asks":  {10},
		"capirepo diff a b  # exits 1 (they differ)":       {1},
		"capirepo x # exits 1 or 4":                        {1, 4},
		"capirepo build --version v0.1.0":                  nil,
		"capirepo build # builds into dist/, exits early?": nil,
	}
	for cmd, want := range cases {
		if got := allowedExits(cmd); !slices.Equal(got, want) {
			t.Errorf("%q: got %v, want %v", cmd, got, want)
		}
	}
}

// TestChangesOfTheCheckout: a file added, changed or removed outside bin/ and dist/
// is a change to the reader's checkout.
func TestChangesOfTheCheckout(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{"a.yaml": "a", "examples/m.yaml": "m", "dist/x": "x", "bin/t": "t"})
	before := snapshot(t, dir)
	tree.WriteIn(t, dir, map[string]string{"examples/m.yaml": "m2", "examples/new.yaml": "n", "dist/y": "y", "bin/u": "u"})
	got := changes(before, snapshot(t, dir))
	want := []string{"examples/m.yaml", "examples/new.yaml"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

// TestRunPageAsASession: a page's blocks run as one session from the copy's root (a
// cd carries to the next block, and so does a variable); a failing command, an exit
// code its comment does not allow and a change to the checkout each fail the page.
func TestRunPageAsASession(t *testing.T) {
	t.Parallel()
	root := tree.Write(t, map[string]string{"go.mod": "module x\n", "examples/sample/m.yaml": "m\n"})
	block := func(text string) docBlock { return docBlock{file: "p.md", line: 1, lang: "sh", text: text} }
	ok := []docBlock{
		block("test -f go.mod\ns=$(mktemp -d)/s && cp -R examples/sample \"$s\"\ncd \"$s\"\n"),
		block("test -f m.yaml && echo changed >> m.yaml\nmkdir -p $OLDPWD/dist && touch $OLDPWD/dist/x\n"),
		block("sh -c 'exit 10'   # exits 10: it asks\n"),
	}
	if err := runPage(t, root, ok); err != nil {
		t.Fatalf("a page that works as written: %v", err)
	}
	for text, want := range map[string]string{
		"echo before\nfalse\necho after\n":   "p.md:1: false\nexits 1",
		"sh -c 'exit 4'   # exits 10: why\n": "exits 4",
		"echo x >> examples/sample/m.yaml\n": "change the reader's checkout (work in a scratch copy): examples/sample/m.yaml",
	} {
		err := runPage(t, root, []docBlock{block(text)})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", text, err, want)
		}
	}
}
