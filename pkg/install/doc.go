// Package install proves a release by installing it: it starts a throwaway control
// plane from envtest's binaries (etcd and kube-apiserver, KUBEBUILDER_ASSETS) on
// loopback, inside a private network namespace holding only loopback where the OS
// allows it (Linux), runs the real clusterctl init against it, strips every admission
// webhook and conversion webhook so the API server calls nothing outside itself, and
// dry-runs every flavor's objects with strict field validation. It reports what the
// API server refuses as findings at the template's file and line. No controller runs.
package install
