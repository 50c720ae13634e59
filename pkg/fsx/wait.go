package fsx

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// waitKey carries the wait notice in a context.
type waitKey struct{}

// WithWaitNotice returns ctx carrying note: a writer that finds a lock held calls it
// once, with one line saying whose lock it waits for, where, and for how long.
func WithWaitNotice(ctx context.Context, note func(line string)) context.Context {
	return context.WithValue(ctx, waitKey{}, note)
}

// noteWait tells ctx's notice that the lock at path (a lock file, or a locked folder)
// is held by another run.
func noteWait(ctx context.Context, path string, wait time.Duration) {
	note, ok := ctx.Value(waitKey{}).(func(string))
	if !ok {
		return
	}
	who := "another capirepo run"
	if pid := holder(path); pid != 0 {
		who += " (pid " + strconv.Itoa(pid) + ")"
	}
	where := "holds the lock on folder " + path + " (it is writing there)"
	if fi, err := os.Stat(path); err == nil && !fi.IsDir() {
		where = "holds the lock file " + path + " (it is publishing into that folder)"
	}
	note(fmt.Sprintf("waiting: %s %s; waiting at most %s (Ctrl-C stops)", who, where, wait))
}

// holderMark starts the line a publisher writes into its lock file.
const holderMark = "capirepo pid "

// holder reads the pid a lock file's holder wrote (recordHolder); 0 when unknown.
func holder(path string) int {
	data, err := ReadCapped(path, 64)
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(string(data), holderMark)))
	if err != nil || !strings.HasPrefix(string(data), holderMark) {
		return 0
	}
	return pid
}

// recordHolder writes this process's pid into the lock file f it holds, for the
// notice of the next writer that waits for it. Best effort: the lock holds without it.
func recordHolder(f *os.File) {
	if f.Truncate(0) == nil {
		f.WriteAt([]byte(holderMark+strconv.Itoa(os.Getpid())+"\n"), 0)
	}
}
