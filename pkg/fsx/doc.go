// Package fsx writes files and folders the way a repository served to others needs:
// staged beside their target under a hidden name and renamed into place, so a reader,
// a crash or kill -9 never sees a partial file or folder. New files get mode 0644 and
// new folders 0755, less the process umask (never 0600/0700 temporaries).
//
// Staged names are ".<base>.tmp-<random>" (being written, or an exchanged old copy
// waiting for removal) and ".<base>.old-<random>" (a replaced folder set aside where
// the system has no atomic exchange); an FS with a Mark puts it in both names
// (".<base>.capirepo-tmp-<random>"). IsStaged recognises them; Recover puts an
// ".old-" folder back when a crash left its target missing, and Clean also removes
// the rest, for callers that know the run that staged them is dead (a lock says so).
//
// It also holds the locks every capirepo writer takes, under which what a dead run
// staged is removed: Lock (a publisher's lock file, root/.capirepo.lock), LockBeside
// (an flock on the folder of a file or tree being written), LockOwned (a folder only
// capirepo writes) and Scratch (a run's locked scratch folder). Folder locks are
// flocks where the system has them (lock_flock.go); elsewhere (lock_other.go, for
// Windows) every lock is a file locked through gofrs/flock, and a folder's is a file
// in the system's temporary folder named for it (dirLockPath). Either way the system
// drops a dead holder's lock.
//
// An *FS carries an optional Hook called before every write and rename, so crash
// tests can stop a process at each step; a nil *FS (and the package functions) has none.
package fsx

import (
	"crypto/rand"
	"path/filepath"
	"strings"
)

// Modes of new files and folders; the process umask still applies.
const (
	FileMode = 0o644
	DirMode  = 0o755
)

// Marks inside staged names.
const (
	TmpMark = ".tmp-"
	OldMark = ".old-"
)

// Mark is capirepo's mark in staged names (FS.Mark): ".<name>.capirepo-tmp-XXXX" and
// ".<name>.capirepo-old-XXXX". Other tools' temporary files never carry it, so
// leftover cleaning leaves them alone.
const Mark = "capirepo"

// Hook is the one crash-test hook of every writer (fsx.FS, publish local's
// local.Options, configmap.Dest, mirror.Options): called before each step with its
// kind and path; a non-nil error aborts the step and is returned. Tests kill or fail
// the process there.
type Hook func(op Op, path string) error

// Op is the kind of step a Hook sees.
type Op string

const (
	OpWrite  Op = "write"  // a file is about to be created (path: the file)
	OpRename Op = "rename" // a rename or exchange is about to happen (path: the target)
	OpRemove Op = "remove" // a staged leftover is about to be removed (path: it)
)

// FS performs staged writes; its zero value and nil are ready to use.
type FS struct {
	// Hook is called before every step; tests kill or fail the process there.
	// A non-nil error aborts the step and is returned.
	Hook Hook
	// Mark names whose staging this is: "" gives ".<base>.tmp-<random>" and
	// ".<base>.old-<random>", "capirepo" gives ".<base>.capirepo-tmp-<random>" and
	// ".<base>.capirepo-old-<random>". Leftover cleaning (Clean) takes only names of
	// its own mark, so one tool never removes another's files in flight.
	Mark string
	// Writer creates every new file; nil: a synced write that never replaces a file.
	Writer Writer
	// NoExchange sets a replaced target aside even where the system can exchange
	// (tests of the fallback path).
	NoExchange bool
}

// Writer creates one new file with its full content.
type Writer interface {
	WriteFile(path string, data []byte) error
}

func (f *FS) step(op Op, path string) error {
	if f == nil || f.Hook == nil {
		return nil
	}
	return f.Hook(op, path)
}

// marks are f's temporary and set-aside marks (TmpMark and OldMark without a Mark).
func (f *FS) marks() (tmp, old string) {
	if f == nil || f.Mark == "" {
		return TmpMark, OldMark
	}
	return "." + f.Mark + "-tmp-", "." + f.Mark + "-old-"
}

// tempName is a fresh hidden name beside path: ".<base><mark><random>".
func tempName(path, mark string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+mark+strings.ToLower(rand.Text()[:10]))
}

// TempName is a fresh hidden temporary name of f's mark beside path.
func (f *FS) TempName(path string) string {
	tmp, _ := f.marks()
	return tempName(path, tmp)
}

// IsStaged reports whether a folder entry's name is a staged (temporary or set
// aside) name written by this package without a Mark.
func IsStaged(name string) bool { return (*FS)(nil).IsStaged(name) }

// IsStaged reports whether a folder entry's name is staged under f's mark.
func (f *FS) IsStaged(name string) bool {
	tmp, old := f.marks()
	return strings.HasPrefix(name, ".") && (strings.Contains(name, tmp) || strings.Contains(name, old))
}

// stagedBase returns the base name a staged name belongs to (".v1.tmp-ab" → "v1")
// and its mark, or "", "" when name is not staged (without a Mark).
func stagedBase(name string) (base, mark string) { return (*FS)(nil).StagedBase(name) }

// StagedBase is the base name and mark of a name staged under f's mark.
func (f *FS) StagedBase(name string) (base, mark string) {
	if !f.IsStaged(name) {
		return "", ""
	}
	tmp, old := f.marks()
	for _, m := range []string{tmp, old} {
		if i := strings.LastIndex(name, m); i > 0 {
			return name[1:i], m
		}
	}
	return "", ""
}
