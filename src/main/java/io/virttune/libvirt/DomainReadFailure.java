package io.virttune.libvirt;

/** A domain that libvirt listed but whose state or definition could not be read, and why. */
public record DomainReadFailure(String name, String reason) {}
