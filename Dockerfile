# syntax=docker/dockerfile:1
#
# A container image for studies on a cluster (docs/scaling.md): a static
# hexforge binary on a distroless base, which holds no shell and no package
# manager, only the binary, CA certificates and a non-root user.
#
#   docker build -t registry.example.org/hexforge:v1 --build-arg VERSION=v1 .
#   docker run --rm registry.example.org/hexforge:v1 sim moloch borgo --games 2000

# The build stage's Go is go.mod's go line (a test checks they agree).
FROM golang:1.26.8 AS build
WORKDIR /src
# Modules first, so that editing the source does not download them again.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
# CGO_ENABLED=0: a static binary, which is all a distroless/static base can
# run. -buildvcs=false: the build context has no .git (.dockerignore), so
# VERSION is what `hexforge version` reports.
RUN CGO_ENABLED=0 go build -buildvcs=false -trimpath \
    -ldflags "-s -w -X main.version=${VERSION}" \
    -o /out/hexforge ./cmd/hexforge

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/hexforge /usr/local/bin/hexforge
# nonroot (uid 65532): a study needs no privileges; a Job writing to a volume
# gives the pod fsGroup 65532 (docs/scaling.md).
USER nonroot:nonroot
WORKDIR /work
ENTRYPOINT ["/usr/local/bin/hexforge"]
CMD ["--help"]
