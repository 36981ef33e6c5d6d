package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.jdom2.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CorpusRoundTripTest {
    @Test
    void everyCorpusFileComesBackEquivalentAndIdempotentOrIsRefused() throws IOException {
        List<String> problems = new ArrayList<>();
        int visited = 0;
        for (Path file : Corpus.documents()) {
            visited++;
            String origin = file.toString();
            String original = Files.readString(file);
            Document parsed;
            try {
                parsed = SafeXml.parse(original, origin);
            } catch (XmlRejectedException refused) {
                continue;
            } catch (RuntimeException unexpected) {
                problems.add(origin + ": unexpected " + unexpected);
                continue;
            }
            String written = XmlText.write(parsed);
            Document reparsed = SafeXml.parse(written, origin + " (written back)");
            for (String difference : XmlEquivalence.differences(parsed, reparsed)) {
                problems.add(origin + ": " + difference);
            }
            if (!XmlText.write(reparsed).equals(written)) {
                problems.add(origin + ": writing is not idempotent");
            }
        }
        assertTrue(visited >= 600, "only " + visited + " corpus files visited; expected at least 600");
        assertEquals(List.of(), problems);
    }

    /** The project's fixture of foreign namespaces, comments and odd indentation, and virt-manager's where the extra corpus has it. */
    static Stream<Path> roundTripFixtures() {
        Path own = Path.of("src/test/resources/xml/foreign-roundtrip.xml");
        Optional<Path> virtManager = Corpus.extra()
                .map(root -> root.resolve("virtmanager/xmlparse/domain-roundtrip.xml"))
                .filter(Files::isRegularFile);
        return Stream.concat(Stream.of(own), virtManager.stream());
    }

    @ParameterizedTest
    @MethodSource("roundTripFixtures")
    void theRoundTripFixtureComesBackUnchangedApartFromQuoteStyle(Path file) throws IOException {
        String original = Files.readString(file);

        String written = XmlText.write(SafeXml.parse(original, file.toString()));

        assertEquals(original.replace('\'', '"'), written.replace('\'', '"'));
    }

    @Test
    void everyDiskOfEveryCorpusDomainCanBeReadWithoutCrashing() throws IOException {
        List<String> problems = new ArrayList<>();
        int disks = 0;
        for (Path file : Corpus.documents()) {
            String xml = Files.readString(file);
            if (!xml.contains("<domain")) {
                continue;
            }
            try {
                DomainXml domain = DomainXml.parse(xml, file.toString());
                domain.memoryKiB();
                domain.vcpus();
                domain.iothreads().definedIds();
                domain.memoryBacking().hugepageSizesKiB();
                domain.os().windowsEvidence();
                for (DiskView disk : domain.disks()) {
                    disks++;
                    List.of(
                            disk.device(),
                            disk.type(),
                            disk.sourcePath(),
                            disk.format(),
                            disk.cache(),
                            disk.iothread(),
                            disk.targetDev(),
                            disk.bootOrder(),
                            disk.backingStores());
                }
            } catch (XmlRejectedException refused) {
                // a refusal with a message is an acceptable answer to a broken definition
            } catch (RuntimeException unexpected) {
                problems.add(file + ": " + unexpected);
            }
        }
        assertTrue(disks >= 500, "only " + disks + " disks read");
        assertEquals(List.of(), problems);
    }
}
