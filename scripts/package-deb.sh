#!/usr/bin/env bash
# Builds the Debian package of virt-tune from the Maven build and prints its path:
# target/virt-tune_VERSION_all.deb. It holds the shaded jar, the launcher, the example host its
# class-data archive is trained on, bash and zsh completion, the man pages, the Ansible collection
# virttune.kvm (docs/ansible.md) and the copyright and changelog (src/deb/); the version is the pom's, with the
# Debian revision of src/deb/changelog's first entry, which must be for that version.
set -euo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
root=$(project_root)
deb_src=$root/src/deb

# dpkg-parsechangelog is dpkg-dev's, which a fresh machine (Debian 12 or 13) lacks; ansible-galaxy
# (ansible-core) builds and installs the collection.
ensure_packages "${BUILD_PACKAGES[@]}" dpkg-dev ansible-core
ensure_jar >&2 # stdout is the package path alone
target=$root/target
for built in "$target/virt-tune.jar" "$target/maven-archiver/pom.properties" "$target/completion/virt-tune.bash" \
  "$target/completion/virt-tune.zsh" "$target/man/man1/virt-tune.1"; do
  [[ -f $built ]] || die "$built is missing: rebuild with 'mvn package' (after 'mvn clean')"
done

pom_version=$(sed -n 's/^version=//p' "$target/maven-archiver/pom.properties")
version=$(dpkg-parsechangelog -l "$deb_src/changelog" -S Version)
[[ $version == "$pom_version"-* ]] \
  || die "src/deb/changelog's first entry is for $version, the pom's version is $pom_version: add an entry for $pom_version-1"
# Every file gets the changelog entry's time, so that the same sources build the same package.
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -l "$deb_src/changelog" -S Timestamp)
export SOURCE_DATE_EPOCH

stage=$target/deb
rm -rf -- "$stage"
umask 022
install -D -m 0755 "$deb_src/virt-tune" "$stage/usr/bin/virt-tune"
install -D -m 0644 "$target/virt-tune.jar" "$stage/usr/share/virt-tune/virt-tune.jar"
# The launcher trains its class-data archive (/var/cache/virt-tune) on a plan of the example host.
install -d -m 0755 "$stage/usr/share/virt-tune/example"
cp -R "$root/examples/hv01/." "$stage/usr/share/virt-tune/example/"
# Completion is sourced, not run: without picocli's #! line (lintian: bash-completion-with-hashbang).
# picocli's completion is a bash script that zsh runs through bashcompinit: sourced from ~/.zshrc,
# not a zsh function for the vendor-completions directory.
install -d -m 0755 "$stage/usr/share/bash-completion/completions"
sed '/^#!/d' "$target/completion/virt-tune.bash" > "$stage/usr/share/bash-completion/completions/virt-tune"
sed '/^#!/d' "$target/completion/virt-tune.zsh" > "$stage/usr/share/virt-tune/completion.zsh"
install -d -m 0755 "$stage/usr/share/man/man1"
for page in "$target"/man/man1/*.1; do
  name=$(basename "$page")
  gzip -9n < "$page" > "$stage/usr/share/man/man1/$name.gz"
done
# The Ansible collection, installed where Debian's ansible-core finds collections
# (/usr/share/ansible/collections), as ansible-galaxy installs its tarball: with the MANIFEST.json and
# FILES.json that 'ansible-galaxy collection list' and 'verify' read.
# ansible-galaxy's output is shown only when it fails: installing says that Ansible does not look
# in the stage directory, which is true and beside the point.
rm -rf -- "$target/collection"
galaxy_log=$(ansible-galaxy collection build --output-path "$target/collection" \
  "$root/ansible/ansible_collections/virttune/kvm" 2>&1) || die "ansible-galaxy collection build failed: $galaxy_log"
galaxy_log=$(ansible-galaxy collection install -p "$stage/usr/share/ansible/collections" \
  "$target"/collection/virttune-kvm-*.tar.gz 2>&1) || die "ansible-galaxy collection install failed: $galaxy_log"
install -D -m 0644 "$deb_src/copyright" "$stage/usr/share/doc/virt-tune/copyright"
gzip -9n < "$deb_src/changelog" > "$stage/usr/share/doc/virt-tune/changelog.Debian.gz"
install -D -m 0644 "$deb_src/lintian-overrides" "$stage/usr/share/lintian/overrides/virt-tune"
find "$stage/usr" -type f ! -path '*/usr/bin/*' -exec chmod 0644 {} +

install -d -m 0755 "$stage/DEBIAN"
install -m 0755 "$deb_src/postinst" "$stage/DEBIAN/postinst"
install -m 0755 "$deb_src/postrm" "$stage/DEBIAN/postrm"
(cd "$stage" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
installed_size=$(du -sk --apparent-size "$stage/usr" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@INSTALLED_SIZE@/$installed_size/" "$deb_src/control" > "$stage/DEBIAN/control"
find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

deb=$target/virt-tune_${version}_all.deb
dpkg-deb --build --root-owner-group "$stage" "$deb" >/dev/null
echo "$deb"
