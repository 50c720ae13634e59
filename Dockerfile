# capirepo's container image (goreleaser.yaml, dockers_v2): the release binary goreleaser
# built, and git, which the metadata check reads tags with. For CI jobs that use an image
# instead of installing the binary (ci/gitlab/capirepo.gitlab-ci.yml, .capirepo-image).
# The base is pinned by digest: a rebuild of the same tag gets the same base.
FROM alpine:3.22@sha256:14358309a308569c32bdc37e2e0e9694be33a9d99e68afb0f5ff33cc1f695dce
RUN apk add --no-cache git ca-certificates \
 && git config --system --add safe.directory '*'
ARG TARGETPLATFORM
COPY $TARGETPLATFORM/capirepo /usr/local/bin/capirepo
ENTRYPOINT ["capirepo"]
