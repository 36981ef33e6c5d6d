package io.virttune.cli;

import picocli.CommandLine.IVersionProvider;

/** Reads virt-tune's version from the jar manifest, so it is written in one place: the pom. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[] {"virt-tune " + (version == null ? "(development build)" : version)};
    }
}
