package github

import "testing"

func TestEnterpriseURLs(t *testing.T) {
	t.Parallel()
	tests := []struct{ base, upload, api, uploads string }{
		{"", "", "", ""},
		{"https://ghe.example.com/", "", "https://ghe.example.com/api/v3/", "https://ghe.example.com/api/uploads/"},
		{"https://ghe.example.com", "https://up.example.com/", "https://ghe.example.com/api/v3/", "https://up.example.com/"},
	}
	for _, tt := range tests {
		if api, up := EnterpriseURLs(tt.base, tt.upload); api != tt.api || up != tt.uploads {
			t.Errorf("EnterpriseURLs(%q, %q) = %q, %q", tt.base, tt.upload, api, up)
		}
	}
}
