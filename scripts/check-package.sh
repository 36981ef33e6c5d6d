#!/usr/bin/env bash
# Builds the Debian package (scripts/package-deb.sh), checks it with lintian, installs it with apt
# so that its dependencies resolve, checks what an operator relies on first (the version, the man
# pages, bash completion, its class-data archive, a report from the installed jar, the Ansible
# collection as Debian's ansible-core finds it), and purges it
# again with any package its installation brought: the machine is left as found. Needs root;
# takes about 30 s.
set -euo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
root=$(project_root)

[[ $(id -u) -eq 0 ]] || die "installing the package needs root"
installed() {
  dpkg-query -W -f='${db:Status-Status} ${Package}\n' | sed -n 's/^installed //p' | sort
}
if installed | grep -qx virt-tune; then
  die "virt-tune is installed on this machine already: this check installs and removes it, so it stops here"
fi
ensure_packages lintian ansible-core

deb=$("$root/scripts/package-deb.sh")
log "lintian $(basename "$deb")"
lintian --fail-on error,warning "$deb" 2> >(grep -v 'running with root privileges' >&2)

before=$(installed)
remove_again() {
  local brought
  brought=$(comm -13 <(echo "$before") <(installed))
  # shellcheck disable=SC2086 # one package name a word
  [[ -z $brought ]] || DEBIAN_FRONTEND=noninteractive apt-get purge -y -q $brought >/dev/null
}
trap remove_again EXIT
log "apt-get install $(basename "$deb")"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" >/dev/null
# The postinst trained the class-data archive: the operator's first command does not.
cache=/var/cache/virt-tune/virt-tune.jsa
[[ -s $cache ]] || fail "no class-data archive $cache after the installation: the first command would train it"
# Measured, not asserted (a loaded machine is slow): the operator's first command beside the next.
seconds() {
  local start end
  start=$(date +%s%N)
  virt-tune --version >/dev/null
  end=$(date +%s%N)
  printf '%d.%02d' $(((end - start) / 1000000000)) $(((end - start) / 10000000 % 100))
}
first=$(seconds)
log "the first command after the installation took $first s, the next $(seconds) s"

fail() {
  echo "check-package: $*" >&2
  exit 1
}
[[ $(command -v virt-tune) == /usr/bin/virt-tune ]] || fail "virt-tune is not /usr/bin/virt-tune on PATH"
version=$(sed -n 's/^version=//p' "$root/target/maven-archiver/pom.properties")
[[ $(virt-tune --version) == "virt-tune $version" ]] || fail "virt-tune --version says '$(virt-tune --version)', not 'virt-tune $version'"
for page in virt-tune virt-tune-inspect virt-tune-apply; do
  [[ $(man -w "$page") == "/usr/share/man/man1/$page.1.gz" ]] || fail "man -w $page finds '$(man -w "$page" 2>&1)'"
done
# As bash does on TAB: the completion function registered for virt-tune, with the words typed
# so far. compopt only works inside a completion bash started itself, so here it does nothing.
completed=$(bash -c '
  set -eu
  source /usr/share/bash-completion/completions/virt-tune
  compopt() { :; }
  function=$(complete -p virt-tune | sed -n "s/.* -F \([^ ]*\) .*/\1/p")
  COMP_WORDS=(virt-tune ins); COMP_CWORD=1; COMP_LINE="virt-tune ins"; COMP_POINT=${#COMP_LINE}
  "$function" virt-tune ins virt-tune
  printf "%s\n" "${COMPREPLY[@]}"')
[[ $completed == inspect ]] || fail "'virt-tune ins<TAB>' completes to '$completed', not 'inspect'"
# Guest names from virsh on the URI the line names (libvirt's test driver has one, "test"), and an
# option's values.
complete_words() {
  bash -c '
    set -eu
    source /usr/share/bash-completion/completions/virt-tune
    compopt() { :; }
    function=$(complete -p virt-tune | sed -n "s/.* -F \([^ ]*\) .*/\1/p")
    COMP_WORDS=("$@" ""); COMP_CWORD=$#; COMP_LINE="$* "; COMP_POINT=${#COMP_LINE}
    "$function" virt-tune "" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}"' completion "$@"
}
completed=$(complete_words virt-tune inspect -c test:///default)
[[ $completed == test ]] || fail "'virt-tune inspect -c test:///default <TAB>' completes to '$completed', not 'test'"
completed=$(complete_words virt-tune plan --cache | tr '\n' ' ')
[[ $completed == "none writeback " ]] || fail "'virt-tune plan --cache <TAB>' completes to '$completed'"
# The JVM maps the archive the postinst wrote.
java -XX:SharedArchiveFile="$cache" -Xshare:on -jar /usr/share/virt-tune/virt-tune.jar --version >/dev/null \
  || fail "the JVM does not map $cache"
# The installed jar reads the bundled example through libvirt0 (JNA), as it would a host.
virt-tune inspect -c "test://$root/examples/hv01/node.xml" --host-facts "$root/examples/hv01" db03 --json \
  | grep -q '"schema" : "virt-tune/inspect"' || fail "the installed virt-tune does not inspect the bundled example"
# Debian's ansible-core finds the collection where the package installs it, without being told.
collection_doc=$(env -u ANSIBLE_COLLECTIONS_PATH -u ANSIBLE_COLLECTIONS_PATHS ansible-doc -t module virttune.kvm.virt_tune_apply 2>&1) \
  || fail "ansible-doc does not find the installed collection's virttune.kvm.virt_tune_apply: $collection_doc"
[[ $collection_doc == *"/usr/share/ansible/collections/ansible_collections/virttune/kvm/plugins/modules/virt_tune_apply.py"* ]] \
  || fail "ansible-doc finds virttune.kvm.virt_tune_apply elsewhere than in the package: $(head -n 1 <<<"$collection_doc")"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -q virt-tune >/dev/null
[[ ! -e /var/cache/virt-tune ]] || fail "purging the package left /var/cache/virt-tune"
log "package $(basename "$deb"): installs, runs, maps its class-data archive, has its man pages, completion and Ansible collection; removed again"
