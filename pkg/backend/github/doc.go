// Package github publishes a release set as GitHub releases and reads them back the
// way clusterctl does.
//
// One GitHub release per tag holds the files of every provider released at that
// version (cluster-api ships core, bootstrap and control-plane assets on one tag).
// The Publisher is a publish.Destination. State lists the releases once (drafts are
// invisible to get-by-tag) and hashes the assets the build also has: GitHub's asset
// digest where given, else the downloaded bytes. Apply runs the tags in semantic
// version order: create a draft when there is none (removing empty extra drafts a
// lost create answer left), upload what the plan puts or replaces, check each upload
// (digest, else download), then publish. Re-running after a failure adopts the same
// draft and finishes it without duplicates.
//
// TLS: requests go through Options.HTTPClient or, when nil, a client on
// http.DefaultTransport. Go's crypto/x509 loads the system roots and, on Linux and
// the BSDs, honours SSL_CERT_FILE and SSL_CERT_DIR, so a GitHub Enterprise server
// with a private CA works by exporting SSL_CERT_FILE; this package adds nothing to
// that (see TestSSLCertFile).
//
// The token is sent only as an Authorization header to the API and upload hosts,
// never to asset download redirects, and never appears in errors: every error is
// passed through a redactor.
package github
