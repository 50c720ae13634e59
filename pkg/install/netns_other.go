//go:build !linux

package install

import "syscall"

func spawnAttr() *syscall.SysProcAttr { return nil }

func isolate() error { return nil }

// OnlyLoopback cannot be checked here.
func OnlyLoopback() error { return nil }

func killGroup(pgid int, sig syscall.Signal) bool { return false }

// Isolated is false: the OS has no network namespaces.
const Isolated = false
