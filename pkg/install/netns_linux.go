package install

import (
	"fmt"
	"net"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// spawnAttr starts the install child in a private network namespace (and a user
// namespace mapping this user to root when not root, so it may bring lo up), in a
// process group of its own, dying with the thread that started it.
func spawnAttr() *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWNET, Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if uid, gid := os.Geteuid(), os.Getegid(); uid != 0 {
		a.Cloneflags |= syscall.CLONE_NEWUSER
		a.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: uid, Size: 1}}
		a.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: gid, Size: 1}}
	}
	return a
}

// isolate brings the loopback interface of a fresh network namespace up and checks
// that it is the only interface: no address but loopback is reachable.
func isolate() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return err
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr); err != nil {
		return fmt.Errorf("reading lo's flags: %w", err)
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP)
	if err := unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr); err != nil {
		return fmt.Errorf("bringing lo up: %w", err)
	}
	return OnlyLoopback()
}

// OnlyLoopback fails unless this process's network namespace holds loopback only.
func OnlyLoopback() error {
	ifs, err := net.Interfaces()
	if err != nil {
		return err
	}
	for _, i := range ifs {
		if i.Flags&net.FlagLoopback == 0 {
			return fmt.Errorf("network interface %s besides loopback: not a private network namespace", i.Name)
		}
	}
	return nil
}

// killGroup signals every process of the group pgid; it reports whether any is left.
func killGroup(pgid int, sig syscall.Signal) bool {
	return syscall.Kill(-pgid, sig) == nil
}

// Isolated is true where the control plane runs in a private network namespace.
const Isolated = true
