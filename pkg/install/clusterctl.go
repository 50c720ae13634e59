package install

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// clusterctl runs the real clusterctl against the control plane: its home and
// config folders inside the run's folder, no version check, the template values
// as its environment (clusterctl reads variables from there).
type clusterctl struct {
	bin, kubeconfig, config, home string
	values                        map[string]string
}

func (c clusterctl) run(ctx context.Context, args ...string) ([]byte, error) {
	args = append(args, "--kubeconfig", c.kubeconfig, "--config", c.config)
	cmd := exec.CommandContext(ctx, c.bin, args...)
	cmd.Env = c.env()
	cmd.Dir = c.home
	cmd.SysProcAttr = childAttr()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), fmt.Errorf("clusterctl %s: %v: %s", strings.Join(args[:1], " "), err, lastLines(stderr.String()+stdout.String(), 12))
	}
	return stdout.Bytes(), nil
}

func (c clusterctl) env() []string {
	env := []string{"PATH=/usr/bin:/bin", "HOME=" + c.home, "XDG_CONFIG_HOME=" + filepath.Join(c.home, ".config"),
		"CLUSTERCTL_DISABLE_VERSIONCHECK=true", "GOPROXY=off", "TMPDIR=" + c.home}
	env = append(env, gcEnv...)
	names := make([]string, 0, len(c.values))
	for n := range c.values {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		env = append(env, n+"="+c.values[n])
	}
	return env
}

// lastLines keeps the last n lines of clusterctl's output for a message.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
