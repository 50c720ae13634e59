package install

import "syscall"

// terminate is the signal Stop sends first.
var terminate = syscall.SIGTERM

// childAttr makes a started binary die with the thread that started it.
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
