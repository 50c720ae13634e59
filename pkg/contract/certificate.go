package contract

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/lint"
)

// serviceDNS splits <svc>.<ns>.svc and <svc>.<ns>.svc.cluster.local; ok is false for
// other names, which clusterctl leaves alone and we do not judge.
func serviceDNS(name string) (svc, ns string, ok bool) {
	p := strings.Split(name, ".")
	switch {
	case len(p) == 3 && p[2] == "svc":
	case len(p) == 5 && p[2] == "svc" && p[3] == "cluster" && p[4] == "local":
	default:
		return "", "", false
	}
	return p[0], p[1], true
}

func checkCertificates(s *scan) lint.Findings {
	if s.target == "" {
		return nil
	}
	var out lint.Findings
	for _, d := range s.in.Docs {
		if d.Obj.Kind() != "Certificate" || !strings.HasPrefix(d.Obj.Group(), "cert-manager.io") {
			continue
		}
		for _, n := range items(at(d.Node, "spec", "dnsNames")) {
			svc, ns, ok := serviceDNS(text(n))
			switch {
			case !ok:
			case ns != s.target:
				out = append(out, report(ruleCertDNS, s.in.File, d, n.Line,
					"dnsName %q names namespace %q, not the target namespace %q; write %s.%s.svc", text(n), ns, s.target, svc, s.target))
			case svc != "*" && !s.services[svc]:
				out = append(out, report(ruleCertService, s.in.File, d, n.Line,
					"dnsName %q names Service %q, which the components do not contain; fix the name or ship the Service", text(n), svc))
			}
		}
	}
	return out
}
