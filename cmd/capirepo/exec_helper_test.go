package main

import (
	"os"
	"syscall"
	"testing"
)

// writeExecutable writes a script the test then runs. It holds syscall.ForkLock while
// the file is open for writing, so no parallel test forks a child that inherits the
// write descriptor, which would make running the file fail with "text file busy"
// (ETXTBSY; golang.org/issue/22315).
func writeExecutable(t *testing.T, path, content string) {
	t.Helper()
	syscall.ForkLock.Lock()
	err := os.WriteFile(path, []byte(content), 0o755)
	syscall.ForkLock.Unlock()
	if err != nil {
		t.Fatal(err)
	}
}
