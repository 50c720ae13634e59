//go:build !linux

package install

import (
	"os"
	"syscall"
)

var terminate = os.Interrupt

func childAttr() *syscall.SysProcAttr { return nil }
