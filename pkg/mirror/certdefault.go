package mirror

// clusterctlCertManager is the cert-manager version each supported clusterctl installs
// when clusterctl.yaml sets none: CertManagerDefaultVersion in cluster-api's
// cmd/clusterctl/client/config/cert_manager_client.go at that tag. Oldest first.
func clusterctlCertManager() [][2]string {
	return [][2]string{
		{"v1.6.8", "v1.15.2"},
		{"v1.13.6", "v1.21.1"},
		{"v1.14.2", "v1.21.1"},
	}
}

// DefaultCertManager is mirror's cert-manager default: the version the newest supported
// clusterctl installs, and that clusterctl's version.
func DefaultCertManager() (version, clusterctl string) {
	all := clusterctlCertManager()
	last := all[len(all)-1]
	return last[1], last[0]
}
